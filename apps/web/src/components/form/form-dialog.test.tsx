import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mui/material';
import { z } from 'zod/mini';
import { ZPersonName } from '@cuadre/contracts';
import { ApiError } from '@/lib/api';
import { renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import { FormTextField } from './fields';
import { FormDialog } from './form-dialog';

// Each test opens dialogs and waits out their animations; on this shared 2-core machine under load that takes seconds.
vi.setConfig({ testTimeout: 60_000 });

const ZForm = z.object({ name: ZPersonName });
type Values = { name: string };

/** A screen with a list of two records, each opening the same dialog, and a "New" button. */
function Screen({ submit, onClose = () => {} }: { submit: (v: Values) => Promise<unknown>; onClose?: () => void }) {
  const [editing, setEditing] = useState<{ name?: string } | null>(null);
  return (
    <>
      <Button onClick={() => setEditing({})}>New</Button>
      <Button onClick={() => setEditing({ name: 'Ana' })}>Open Ana</Button>
      <Button onClick={() => setEditing({ name: 'Bea' })}>Open Bea</Button>
      <FormDialog<Values>
        open={editing !== null}
        title={editing?.name ? 'Edit person' : 'New person'}
        onClose={() => {
          onClose();
          setEditing(null);
        }}
        schema={ZForm}
        defaultValues={() => ({ name: editing?.name ?? '' })}
        resetKey={editing?.name ?? 'new'}
        submit={submit}
        onSuccess={() => setEditing(null)}
      >
        {({ form }) => <FormTextField control={form.control} name="name" label="Name" autoFocus fullWidth />}
      </FormDialog>
    </>
  );
}

const renderScreen = (submit: (v: Values) => Promise<unknown> = vi.fn(async () => true), onClose?: () => void) =>
  renderApp(<Screen submit={submit} onClose={onClose} />, { path: '/people', url: '/people' });

// Closed and its exit animation over: no dialog left (its title may change while it fades out).
const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('the form dialog', () => {
  beforeEach(() => setScreenWide(true));

  it('is named by its title, and starts each opening from the values of the record it shows, not from what was typed before', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Open Ana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit person' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Ana');
    await user.clear(name);
    await user.type(name, 'Half typed');
    // Dropping typed values asks first.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await gone();

    await user.click(screen.getByRole('button', { name: 'Open Ana' }));
    expect(within(await screen.findByRole('dialog', { name: 'Edit person' })).getByRole('textbox', { name: 'Name' })).toHaveValue('Ana');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await gone();

    await user.click(screen.getByRole('button', { name: 'Open Bea' }));
    expect(within(await screen.findByRole('dialog', { name: 'Edit person' })).getByRole('textbox', { name: 'Name' })).toHaveValue('Bea');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await gone();

    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(within(await screen.findByRole('dialog', { name: 'New person' })).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('cancels with Escape: at once when nothing was typed, after a question when something was', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderScreen(undefined, onClose);
    await user.click(screen.getByRole('button', { name: 'Open Ana' }));
    await screen.findByRole('dialog', { name: 'Edit person' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await gone();

    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New person' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cy');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await gone();
  });

  it('saves with Enter; save is off while the values are sent, and the dialog closes after', async () => {
    let finish: (v: unknown) => void = () => {};
    const submit = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderScreen(submit);
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New person' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Dora {Enter}');
    expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(submit).toHaveBeenCalledWith({ name: 'Dora' });
    finish(true);
    await gone();
  });

  it("checks the contract's rules before sending, and says a server's failure in words above the buttons", async () => {
    const submit = vi.fn().mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'Someone changed this person meanwhile'));
    const user = userEvent.setup();
    renderScreen(submit);
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New person' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Eva');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone changed this person meanwhile');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('fills the screen on a phone, and not on a wide screen', async () => {
    const user = userEvent.setup();
    setScreenWide(false);
    const phone = renderScreen();
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect((await screen.findByRole('dialog', { name: 'New person' })).className).toMatch(/MuiDialog-paperFullScreen/);
    phone.unmount();

    setScreenWide(true);
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect((await screen.findByRole('dialog', { name: 'New person' })).className).not.toMatch(/MuiDialog-paperFullScreen/);
  });
});
