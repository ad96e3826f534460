export default function ResetPassword() { return <main>ResetPassword</main>; }
