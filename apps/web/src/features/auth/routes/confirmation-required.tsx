export default function ConfirmationRequired() { return <main>ConfirmationRequired</main>; }
