import { AlliesDirectory } from '../features/allies/directory';

/** /allies (spec point 2): the premium directory. */
export default function AlliesPage() {
  return <AlliesDirectory />;
}
