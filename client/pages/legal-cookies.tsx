import { LegalPage } from '../features/site/legal-page';

export default function Page() {
  return <LegalPage slug="cookie-policy" />;
}
