import { LegalPage } from '../components/legal-page';

export default function Privacy() {
  return <LegalPage doc="privacy" />;
}
