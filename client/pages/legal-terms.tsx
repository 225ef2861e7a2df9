import content from '../../content/legal/terms-of-service.md';
import { LegalPage } from '../features/site/legal-page';

export default function Page() {
  return <LegalPage content={content} />;
}
