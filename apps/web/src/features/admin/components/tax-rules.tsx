import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Button, IconButton, Stack, Tooltip } from '@mui/material';
import type { TaxRule } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { DataList, listColumns } from '@/components/list-kit/data-list';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useNotices } from '@/components/notice';
import { centsToText, formatMoney, parseMoney } from '@/lib/money';
import { chartKeys, deleteTaxRule, saveTaxRule, taxRulesQuery } from '../api/chart-api';
import { ChartFormDialog } from './chart-form-dialog';

const column = listColumns<TaxRule>();
const LIST: ListConfig<'year', never> = { sorts: ['year'], defaultSort: 'year', defaultOrder: 'desc' };
const amount = z.string().check(z.refine((v) => (parseMoney(v) ?? -1) >= 0, { params: { i18n: 'chart.taxRules.invalidAmount' } }));
const SCHEMA = z.object({
  year: z
    .string()
    .check(z.refine((v) => /^\d{4}$/.test(v.trim()) && Number(v) >= 1900 && Number(v) <= 2999, { params: { i18n: 'chart.taxRules.invalidYear' } })),
  contractorThreshold: amount,
  socialSecurityWageBase: amount,
});

interface Values {
  year: string;
  contractorThreshold: string;
  socialSecurityWageBase: string;
}

/** The per-year figures of the annual total: the contractors' information-return threshold and the Social Security wage base. */
export function TaxRules() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const list = useListParams(LIST);
  const rules = useQuery(taxRulesQuery);
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit'; rule: TaxRule } | { kind: 'delete'; rule: TaxRule } | null>(null);
  const { done, failed, view } = useNotices();
  const editing = dialog?.kind === 'edit' ? dialog.rule : undefined;
  const app = useAppForm<Values>(SCHEMA, {
    defaultValues: { year: '', contractorThreshold: '', socialSecurityWageBase: '' },
    guardLeaving: false,
    submit: (v) =>
      saveTaxRule(Number(v.year), { contractorThreshold: parseMoney(v.contractorThreshold)!, socialSecurityWageBase: parseMoney(v.socialSecurityWageBase)! }),
    onSuccess: () => {
      setDialog(null);
      void qc.invalidateQueries({ queryKey: chartKeys.all });
      done(t('chart.taxRules.saved'));
    },
  });
  const remove = useMutation({
    mutationFn: (r: TaxRule) => deleteTaxRule(r.year),
    onSuccess: async () => {
      setDialog(null);
      await qc.invalidateQueries({ queryKey: chartKeys.all });
    },
    onError: (err) => {
      setDialog(null);
      failed(err);
    },
  });
  const columns = useMemo(() => {
    // The rules are the US return's: dollars, whatever the business's own currency.
    const money = (cents: number) => formatMoney(cents, i18n.language, 'USD');
    return [
      column.accessor('year', { meta: { label: t('chart.taxRules.year'), card: 'title' } }),
      column.accessor('contractorThreshold', { meta: { label: t('chart.taxRules.threshold'), align: 'right' }, cell: (c) => money(c.getValue()) }),
      column.accessor('socialSecurityWageBase', { meta: { label: t('chart.taxRules.wageBase'), align: 'right' }, cell: (c) => money(c.getValue()) }),
    ];
  }, [t, i18n.language]);
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setDialog({ kind: 'new' })}>
      {t('chart.taxRules.new')}
    </Button>
  );
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('chart.taxRules.help')}
      </Alert>
      <Stack
        direction="row"
        sx={{
          justifyContent: 'flex-end',
          mb: 2,
        }}
      >
        {newButton}
      </Stack>
      <DataList
        label={t('chart.taxRules.tab')}
        list={list}
        query={rules}
        columns={columns}
        getRowId={(r) => String(r.year)}
        rowActions={(r) => (
          <Stack direction="row">
            <Tooltip title={t('common.edit')}>
              <IconButton aria-label={`${t('common.edit')} ${r.year}`} onClick={() => setDialog({ kind: 'edit', rule: r })}>
                <Icon name="heroicons_outline:pencil-square" size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <IconButton aria-label={`${t('common.delete')} ${r.year}`} onClick={() => setDialog({ kind: 'delete', rule: r })}>
                <Icon name="heroicons_outline:trash" size={18} />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
        empty={{ icon: 'heroicons_outline:scale', title: t('chart.taxRules.emptyTitle'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle') }}
      />
      <ChartFormDialog
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        title={editing ? t('chart.taxRules.edit') : t('chart.taxRules.new')}
        app={app}
        initial={{
          year: editing ? String(editing.year) : String(new Date().getFullYear() + 1),
          contractorThreshold: editing ? centsToText(editing.contractorThreshold) : '',
          socialSecurityWageBase: editing ? centsToText(editing.socialSecurityWageBase) : '',
        }}
        resetKey={editing ? String(editing.year) : 'new'}
        onClose={() => setDialog(null)}
      >
        {(form) => (
          <>
            <FormTextField
              control={form.control}
              name="year"
              label={t('chart.taxRules.year')}
              required
              fullWidth
              disabled={!!editing}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <FormTextField
              control={form.control}
              name="contractorThreshold"
              label={t('chart.taxRules.threshold')}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <FormTextField
              control={form.control}
              name="socialSecurityWageBase"
              label={t('chart.taxRules.wageBase')}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </>
        )}
      </ChartFormDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('chart.taxRules.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('chart.taxRules.deleteText', { year: dialog.rule.year }) : ''}
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.rule)}
        onClose={() => setDialog(null)}
      />
      {view}
    </>
  );
}
