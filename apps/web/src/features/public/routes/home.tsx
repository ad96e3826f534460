export default function Home() { return <main>Home</main>; }
