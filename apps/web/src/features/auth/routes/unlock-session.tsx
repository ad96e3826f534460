export default function UnlockSession() { return <main>UnlockSession</main>; }
