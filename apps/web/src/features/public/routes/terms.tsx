import { LegalPage } from '../components/legal-page';

export default function Terms() {
  return <LegalPage doc="terms" />;
}
