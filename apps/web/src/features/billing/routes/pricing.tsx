export default function Pricing() { return <main>Pricing</main>; }
