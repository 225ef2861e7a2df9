import { AlliesDirectory } from '../features/allies/directory';

/** /allies (docs/product.md §2): the premium directory. */
export default function AlliesPage() {
  return <AlliesDirectory />;
}
