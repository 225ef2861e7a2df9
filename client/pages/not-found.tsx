import { NotFound } from '../components/not-found';

/** Every address no route matches (the pages whose address names nothing show the same screen). */
export default NotFound;
