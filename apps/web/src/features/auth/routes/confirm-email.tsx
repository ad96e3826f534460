export default function ConfirmEmail() { return <main>ConfirmEmail</main>; }
