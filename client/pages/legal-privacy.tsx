import content from '../../content/legal/privacy-policy.md';
import { LegalPage } from '../features/site/legal-page';

export default function Page() {
  return <LegalPage content={content} />;
}
