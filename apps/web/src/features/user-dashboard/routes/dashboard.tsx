export default function Dashboard() { return <main>Dashboard</main>; }
