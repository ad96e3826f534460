import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp } from '@/test/render';
import HelpCenter from './help-center';

vi.setConfig({ testTimeout: 60_000 });

const guide = (categoryId: string, slug: string, title: string) => ({ id: `${categoryId}/${slug}`, categoryId, slug, title, subtitle: `About ${title}` });
const CATEGORIES = [
  {
    id: 'getting-started',
    slug: 'getting-started',
    title: 'Getting started',
    guides: [guide('getting-started', 'first-steps', 'Your first ten minutes')],
    visibleGuides: 1,
    totalGuides: 1,
  },
  { id: 'mileage', slug: 'mileage', title: 'Vehicles and mileage', guides: [guide('mileage', 'vehicles', 'Your vehicles')], visibleGuides: 1, totalGuides: 1 },
];
const VAN = {
  guides: [
    {
      categorySlug: 'mileage',
      categoryTitle: 'Vehicles and mileage',
      slug: 'vehicles',
      title: 'Your vehicles',
      subtitle: 'The vehicles you drive for the business',
      excerpt: '…Make Ford, Model Transit Connect, Year 2021…',
    },
  ],
  faqs: [
    {
      id: 'mileage-2',
      categorySlug: 'mileage',
      categoryTitle: 'Mileage',
      question: 'Can I record miles without the odometer?',
      excerpt: 'Yes. In the trip dialog…',
    },
  ],
};

/** The help center against a server that answers the categories, and each search with `answer(query)` (or waits on it). */
function setup(answer: (query: string) => Promise<Response> | Response) {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://cuadre.test');
      if (url.pathname === '/api/apps/help-center/guides') return json(CATEGORIES);
      if (url.pathname === '/api/apps/help-center/search') {
        searches.push(url.searchParams.get('query')!);
        return answer(url.searchParams.get('query')!);
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  const { router } = renderApp(<HelpCenter />, {
    path: '/user/help-center',
    url: '/user/help-center',
    routes: [{ path: '*', element: <p>elsewhere</p> }],
  });
  return { router, searches, box: () => screen.getByRole('searchbox', { name: 'Search the help' }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the help center', () => {
  it('lists the guides by category, each linking to its page', async () => {
    setup(() => json(VAN));
    expect(await screen.findByRole('heading', { name: 'Vehicles and mileage' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your vehicles' })).toHaveAttribute('href', '/user/help-center/guides/mileage/vehicles');
  });

  it('asks the server once typing stops, and shows the guides and questions whose text holds the words', async () => {
    const { router, searches, box } = setup(() => json(VAN));
    await screen.findByRole('heading', { name: 'Getting started' });
    await userEvent.type(box(), 'transit connect');
    const guides = await screen.findByRole('region', { name: 'Matching guides' });
    expect(searches).toEqual(['transit connect']);
    expect(within(guides).getByText('…Make Ford, Model Transit Connect, Year 2021…')).toBeInTheDocument();
    const questions = screen.getByRole('region', { name: 'Matching questions' });
    expect(within(questions).getByRole('link', { name: 'Can I record miles without the odometer?' })).toHaveAttribute(
      'href',
      '/user/help-center/faqs?q=transit%20connect',
    );
    // The results stand in for the categories until the box is cleared.
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
    await userEvent.click(within(guides).getByRole('link', { name: 'Your vehicles' }));
    expect(router.state.location.pathname).toBe('/user/help-center/guides/mileage/vehicles');
  });

  it('says it is searching while the answer comes, and says so when nothing matches', async () => {
    // Every search waits until released: on a slow machine the typing can outlast the debounce, so
    // more than one search may be under way, and each one, even one asked after the release, must answer.
    const waiting: ((r: Response) => void)[] = [];
    let released = false;
    const empty = () => json({ guides: [], faqs: [] });
    const { box } = setup(() => (released ? empty() : new Promise<Response>((resolve) => waiting.push(resolve))));
    await screen.findByRole('heading', { name: 'Getting started' });
    await userEvent.type(box(), 'zzyzx');
    expect(await screen.findByText('Searching the help…')).toBeInTheDocument();
    released = true;
    for (const resolve of waiting) resolve(empty());
    expect(await screen.findByText('Nothing matches that search.')).toBeInTheDocument();
  });

  it('does not ask for one character, and shows the categories again when the box is cleared', async () => {
    const { searches, box } = setup(() => json(VAN));
    await screen.findByRole('heading', { name: 'Getting started' });
    await userEvent.type(box(), 't');
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(searches).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    await userEvent.type(box(), 'ransit');
    await screen.findByRole('region', { name: 'Matching guides' });
    await userEvent.clear(box());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Getting started' })).toBeInTheDocument());
  });
});
