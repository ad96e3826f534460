export default function UserSettings() { return <main>UserSettings</main>; }
