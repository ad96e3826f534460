import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX, type InventoryProduct } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { useErrorText } from '@/lib/error-text';
import { inventoryKeys, updateProduct, uploadProductImage } from '../api/inventory-api';

/**
 * A product's images: add one (JPEG, PNG or WebP; the server checks the bytes and counts it in the
 * storage quota), remove one after a question, pick the thumbnail the list shows. Each change is
 * saved at once, apart from the form's fields, as a contact's picture is.
 */
export function ProductImages({ product }: { product: InventoryProduct }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(product);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>();
  const errorText = useErrorText(failure);

  const run = async (change: () => Promise<InventoryProduct>) => {
    setFailure(undefined);
    setBusy(true);
    try {
      setCurrent(await change());
      await qc.invalidateQueries({ queryKey: inventoryKeys.products });
      return true;
    } catch (err) {
      setFailure(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return setFailure(new Error(t('inventory.images.tooLarge', { mb: PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024 })));
    await run(() => uploadProductImage(current.id, file));
  };
  const remove = async (url: string) => {
    const images = current.images.filter((i) => i !== url);
    // The thumbnail goes with its image: the next image takes its place, or none.
    const thumbnail = current.thumbnail === url ? (images[0] ?? null) : current.thumbnail;
    if (await run(() => updateProduct(current.id, { images, thumbnail }))) setRemoving(null);
  };
  const full = current.images.length >= PRODUCT_IMAGES_MAX;

  return (
    <Box component="section" aria-labelledby="product-images-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }} useFlexGap>
        <Typography id="product-images-title" variant="subtitle2">
          {t('inventory.images.title')}
        </Typography>
        <Button variant="outlined" size="small" component="label" disabled={busy || full} startIcon={<Icon name="heroicons_outline:photo" size={18} />}>
          {busy ? t('inventory.images.working') : t('inventory.images.add')}
          <input ref={input} hidden type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void pick(e.target.files?.[0])} />
        </Button>
      </Stack>
      {current.images.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('inventory.images.empty')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('inventory.images.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {current.images.map((url, i) => {
            const isThumb = current.thumbnail === url;
            const label = t('inventory.images.nth', { n: i + 1 });
            return (
              <Box
                component="li"
                key={url}
                sx={{
                  width: 112,
                  border: 2,
                  borderColor: isThumb ? 'primary.main' : 'divider',
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'background.default',
                }}
              >
                <Box component="img" src={url} alt={label} loading="lazy" sx={{ display: 'block', width: '100%', height: 84, objectFit: 'cover' }} />
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 0.5 }}>
                  <Tooltip title={isThumb ? t('inventory.images.isThumbnail') : t('inventory.images.makeThumbnail')}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`${isThumb ? t('inventory.images.isThumbnail') : t('inventory.images.makeThumbnail')}: ${label}`}
                        aria-pressed={isThumb}
                        // Not disabled when it is the thumbnail: a disabled button greys the star that says so.
                        disabled={busy}
                        onClick={() => !isThumb && void run(() => updateProduct(current.id, { thumbnail: url }))}
                        color={isThumb ? 'primary' : 'default'}
                      >
                        <Icon name={isThumb ? 'heroicons_solid:star' : 'heroicons_outline:star'} size={18} />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('inventory.images.remove')}>
                    <IconButton size="small" aria-label={`${t('inventory.images.remove')}: ${label}`} disabled={busy} onClick={() => setRemoving(url)}>
                      <Icon name="heroicons_outline:trash" size={18} />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
      {failure !== undefined && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure instanceof Error && !('code' in failure) ? failure.message : errorText}
        </Alert>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('inventory.images.removeTitle')}
        text={t('inventory.images.removeText')}
        confirmLabel={t('inventory.images.remove')}
        destructive
        pending={busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
