export default function SignIn() { return <main>SignIn</main>; }
