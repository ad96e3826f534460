import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setScreenWide } from '@/test/screen';
import { fakeServer, json, listPage } from '../test/fake-server';
import { renderApp } from '@/test/render';
import { TripFormDialog } from './trip-form-dialog';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const AT = '2026-03-01T10:00:00.000Z';
const van = {
  id: 'v-1',
  name: 'Delivery van',
  make: null,
  model: null,
  year: null,
  plate: 'ABC-123',
  initialOdometer: null,
  active: true,
  createdAt: AT,
  updatedAt: AT,
};

describe('a trip for an owner without a vehicle', () => {
  it('asks for the vehicle first, in place; the trip form follows with the new vehicle chosen', async () => {
    const vehicles: (typeof van)[] = [];
    const server = fakeServer((req) => {
      if (req.path.startsWith('/api/vehicles') && req.method === 'GET') return json(listPage(vehicles));
      if (req.path === '/api/vehicles' && req.method === 'POST') {
        vehicles.push(van);
        return json(van, 201);
      }
      if (req.path === '/api/trips' && req.method === 'POST') {
        const b = req.body as { miles: string; purpose: string; date: string };
        const trip = { id: 't-1', vehicleId: 'v-1', vehicleName: 'Delivery van', date: b.date, purpose: b.purpose, miles: Number(b.miles) };
        return json(
          {
            ...trip,
            odometerStart: null,
            odometerEnd: null,
            origin: null,
            destination: null,
            centsPerMile: 72.5,
            deduction: 899,
            createdAt: AT,
            updatedAt: AT,
          },
          201,
        );
      }
      return undefined;
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderApp(<TripFormDialog open defaultDate="2026-03-04" onClose={onClose} />, { url: '/user/dashboard' });
    const dialog = await screen.findByRole('dialog', { name: 'New trip' });

    // The trip's fields wait for a vehicle.
    expect(await within(dialog).findByRole('heading', { name: 'First, the vehicle' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Miles/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Business purpose/ })).not.toBeInTheDocument();

    // A vehicle needs its name.
    await user.click(within(dialog).getByRole('button', { name: 'Add the vehicle' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(server.posts('/api/vehicles')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Delivery van');
    await user.type(within(dialog).getByRole('textbox', { name: /^Plate/ }), 'ABC-123');
    await user.click(within(dialog).getByRole('button', { name: 'Add the vehicle' }));
    expect(await within(dialog).findByText('Delivery van is added. Now the trip.')).toBeInTheDocument();
    expect(server.posts('/api/vehicles')[0]!.body).toEqual({ name: 'Delivery van', plate: 'ABC-123' });
    expect(within(dialog).getByRole('combobox', { name: /^Vehicle/ })).toHaveTextContent('Delivery van');

    await user.type(within(dialog).getByRole('textbox', { name: /^Miles/ }), '12.4');
    await user.type(within(dialog).getByRole('textbox', { name: /^Business purpose/ }), 'Flour pickup');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.posts('/api/trips')[0]!.body).toMatchObject({ vehicleId: 'v-1', date: '2026-03-04', miles: '12.4', purpose: 'Flour pickup' });
  });

  it('goes straight to the trip when a vehicle is kept', async () => {
    fakeServer((req) => (req.path.startsWith('/api/vehicles') && req.method === 'GET' ? json(listPage([van])) : undefined));
    renderApp(<TripFormDialog open defaultDate="2026-03-04" onClose={() => {}} />, { url: '/user/dashboard' });
    const dialog = await screen.findByRole('dialog', { name: 'New trip' });
    expect(await within(dialog).findByRole('textbox', { name: /^Miles/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'First, the vehicle' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Vehicle/ })).toHaveTextContent('Delivery van'));
  });
});
