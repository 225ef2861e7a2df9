import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { routes } from '#shared/routes';
import { Layout } from './layout';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The screen of each route of the shared route table (its `page`), each its own chunk so a visit
 * loads only what it shows; the server preloads the current route's chunk.
 */
const pageModules = import.meta.glob<{ default: ComponentType }>('../pages/*.tsx');
const pages = new Map<string, Page>();
function pageFor(name: string): Page {
  let page = pages.get(name);
  if (!page) {
    const load = pageModules[`../pages/${name}.tsx`];
    if (!load) throw new Error(`No page client/pages/${name}.tsx`);
    page = lazy(load);
    pages.set(name, page);
  }
  return page;
}

const NotFound = pageFor('not-found');

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {routes.map((route) => {
          const Page = pageFor(route.page ?? 'placeholder');
          return <Route key={route.path} path={route.path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
