import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileItem } from '@cuadre/contracts';
import { json, renderApp } from '@/test/render';
import { MoveDialog } from './move-dialog';

const folder = (id: string, name: string, extra: Partial<FileItem> = {}): FileItem => ({
  id,
  folderId: null,
  name,
  createdBy: 'Ana',
  createdAt: '2026-01-01T00:00:00.000Z',
  modifiedAt: '2026-01-01T00:00:00.000Z',
  size: 0,
  type: 'folder',
  contents: 0,
  description: null,
  readOnly: false,
  link: null,
  ...extra,
});
const A = folder('11111111-1111-4111-8111-111111111111', 'Contracts');
const B = folder('22222222-2222-4222-8222-222222222222', 'Permits');
const receipts = folder('receipts', 'Receipts', { readOnly: true });

afterEach(() => vi.unstubAllGlobals());

describe('the move dialog', () => {
  it('offers neither the item itself nor the Receipts folder, opens a folder and moves into it', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const folderId = new URL(url, 'http://x').searchParams.get('folderId');
      if (folderId === B.id) return json({ folders: [], files: [], path: [B] });
      return json({ folders: [A, B, receipts], files: [], path: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onMove = vi.fn();
    renderApp(<MoveDialog item={A} onClose={() => undefined} onMove={onMove} pending={false} />);

    const folders = await screen.findByRole('list', { name: 'Folders' });
    expect(folders.textContent).toBe('Permits');
    // Already at the root: moving it "here" would change nothing.
    expect(screen.getByRole('button', { name: 'Move here' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Permits' }));
    await screen.findByText('No folders inside this one.');
    await userEvent.click(screen.getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(onMove).toHaveBeenCalledWith(B.id));
  });
});
