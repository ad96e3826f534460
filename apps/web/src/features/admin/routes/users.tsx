export default function Users() { return <main>Users</main>; }
