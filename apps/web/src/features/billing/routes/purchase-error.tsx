export default function PurchaseError() { return <main>PurchaseError</main>; }
