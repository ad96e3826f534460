export default function PurchaseConfirmation() { return <main>PurchaseConfirmation</main>; }
