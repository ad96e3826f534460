export default function Privacy() { return <main>Privacy</main>; }
