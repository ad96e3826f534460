import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, Chip, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { Category } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useErrorText } from '@/lib/error-text';
import { addImportRule, deleteImportRule, importRulesQuery } from '../../api/books-api';

/**
 * The owner's rules: a line whose description contains the text takes the category. `onAdded` runs
 * once a rule is saved (the import reads the statement again so the new rule applies).
 */
export function ImportRules({ categories, onAdded }: { categories: Category[]; onAdded: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const rules = useQuery(importRulesQuery);
  const [rule, setRule] = useState({ contains: '', categoryId: '' });
  const save = useMutation({
    mutationFn: () => addImportRule({ contains: rule.contains, categoryId: rule.categoryId }),
    onSuccess: async () => {
      setRule({ contains: '', categoryId: '' });
      await qc.invalidateQueries({ queryKey: importRulesQuery.queryKey });
      onAdded();
    },
  });
  const remove = useMutation({ mutationFn: deleteImportRule, onSuccess: () => qc.invalidateQueries({ queryKey: importRulesQuery.queryKey }) });
  const saveError = useErrorText(save.error ?? undefined);
  const name = (id: string | null) => categories.find((c) => c.id === id)?.name ?? '';
  const items = rules.data?.items ?? [];

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('books.import.rules')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('books.import.rulesText')}
        </Typography>
        {items.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('books.import.noRules')}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
            {items.map((r) => (
              <Chip
                key={r.id}
                label={`“${r.contains}” → ${name(r.categoryId)}`}
                onDelete={() => remove.mutate(r.id)}
                deleteIcon={
                  <IconButton size="small" aria-label={t('books.import.removeRule', { text: r.contains })}>
                    <Icon name="heroicons_outline:x-mark" size={16} />
                  </IconButton>
                }
              />
            ))}
          </Stack>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <TextField
            size="small"
            label={t('books.import.ruleContains')}
            value={rule.contains}
            onChange={(e) => setRule((r) => ({ ...r, contains: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            select
            size="small"
            label={t('books.import.ruleCategory')}
            value={rule.categoryId}
            onChange={(e) => setRule((r) => ({ ...r, categoryId: e.target.value }))}
            sx={{ minWidth: 220 }}
          >
            {categories
              .filter((c) => c.active)
              .map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
          </TextField>
          <Button variant="outlined" onClick={() => save.mutate()} disabled={!rule.contains.trim() || !rule.categoryId || save.isPending}>
            {t('books.import.addRule')}
          </Button>
        </Stack>
        {save.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {saveError}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
