export default function Terms() { return <main>Terms</main>; }
