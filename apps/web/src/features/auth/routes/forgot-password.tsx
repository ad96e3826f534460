export default function ForgotPassword() { return <main>ForgotPassword</main>; }
