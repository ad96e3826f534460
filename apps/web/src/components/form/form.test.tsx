import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { ZPersonName } from '@cuadre/contracts';
import { ApiError } from '@/lib/api';
import { renderApp } from '@/test/render';
import { FormFooter, FormTextField } from './fields';
import { useAppForm } from './use-app-form';

const ZForm = z.object({ name: ZPersonName, email: z.email('Enter an email') });
type Values = { name: string; email: string };

function Screen({ submit }: { submit: (v: Values) => Promise<unknown> }) {
  const { form, onSubmit, formError, success, pending, leaveDialog } = useAppForm<Values>(ZForm, {
    defaultValues: { name: '', email: '' },
    submit,
    successText: 'Saved.',
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormTextField control={form.control} name="name" label="Name" />
      <FormTextField control={form.control} name="email" label="Email" />
      <FormFooter formError={formError} success={success} pending={pending} submitLabel="Save" />
      <Link to="/elsewhere">Elsewhere</Link>
      {leaveDialog}
    </form>
  );
}

function renderForm(submit: (v: Values) => Promise<unknown>, lng: 'en' | 'es' = 'en') {
  const { router } = renderApp(<Screen submit={submit} />, {
    path: '/form',
    url: '/form',
    lang: lng,
    routes: [{ path: '/elsewhere', element: <p>Somewhere else</p> }],
  });
  return router;
}

describe('the form pattern', () => {
  it("checks the contract's rules in the reader's language and sends nothing until they hold", async () => {
    const submit = vi.fn(async () => true);
    renderForm(submit, 'es');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Introduzca una dirección de correo válida')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the parsed values (trimmed by the contract), turns the button off while sending, and confirms', async () => {
    let finish: (v: unknown) => void = () => {};
    const submit = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    renderForm(submit);
    await userEvent.type(screen.getByLabelText('Name'), '  Ana Ruiz ');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(submit).toHaveBeenCalledWith({ name: 'Ana Ruiz', email: 'ana@example.com' });
    finish(true);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it("puts a server's 400 VALIDATION on its field, and any other failure above the button", async () => {
    const submit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION', 'Invalid', [{ path: 'email', message: 'This address is already taken' }]))
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'The record changed meanwhile'));
    renderForm(submit);
    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This address is already taken')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The record changed meanwhile');
  });

  it('asks before leaving a changed form, and stays when told to', async () => {
    const router = renderForm(vi.fn(async () => true));
    await userEvent.type(screen.getByLabelText('Name'), 'Half typed');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Half typed');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
  });
});
