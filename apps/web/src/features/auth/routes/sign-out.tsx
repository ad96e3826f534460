export default function SignOut() { return <main>SignOut</main>; }
