export default function SignUp() { return <main>SignUp</main>; }
