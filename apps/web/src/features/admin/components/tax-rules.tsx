import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Button, Stack } from '@mui/material';
import type { TaxRule } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { Icon } from '@/components/icon';
import { DataList, listColumns } from '@/components/list-kit/data-list';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { useNotices } from '@/components/notice';
import { centsToText, formatMoney, parseMoney } from '@/lib/money';
import { chartKeys, deleteTaxRule, saveTaxRule, taxRulesQuery } from '../api/chart-api';

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
  const [editing, setEditing] = useState<{ rule?: TaxRule } | null>(null);
  const { done, failed, view } = useNotices();
  const actions = useRowActions<TaxRule>({
    nameOf: (r) => String(r.year),
    onEdit: (rule) => setEditing({ rule }),
    remove: {
      title: t('chart.taxRules.deleteTitle'),
      text: (r) => t('chart.taxRules.deleteText', { year: r.year }),
      run: (r) => deleteTaxRule(r.year),
      onDone: () => qc.invalidateQueries({ queryKey: chartKeys.all }),
      onError: failed,
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
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})}>
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
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:scale', title: t('chart.taxRules.emptyTitle'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle') }}
      />
      <TaxRuleFormDialog
        open={editing !== null}
        rule={editing?.rule}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void qc.invalidateQueries({ queryKey: chartKeys.all });
          done(t('chart.taxRules.saved'));
        }}
      />
      {actions.confirm}
      {view}
    </>
  );
}

/** One year's rules, new or changed (the year is the key: fixed once saved). */
function TaxRuleFormDialog({ open, rule, onClose, onSaved }: { open: boolean; rule?: TaxRule; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<Values>
      open={open}
      title={rule ? t('chart.taxRules.edit') : t('chart.taxRules.new')}
      onClose={onClose}
      maxWidth="xs"
      schema={SCHEMA}
      defaultValues={() => ({
        year: rule ? String(rule.year) : String(new Date().getFullYear() + 1),
        contractorThreshold: rule ? centsToText(rule.contractorThreshold) : '',
        socialSecurityWageBase: rule ? centsToText(rule.socialSecurityWageBase) : '',
      })}
      resetKey={rule ? String(rule.year) : 'new'}
      submit={(v) =>
        saveTaxRule(Number(v.year), { contractorThreshold: parseMoney(v.contractorThreshold)!, socialSecurityWageBase: parseMoney(v.socialSecurityWageBase)! })
      }
      onSuccess={onSaved}
    >
      {({ form }) => (
        <>
          <FormTextField
            control={form.control}
            name="year"
            label={t('chart.taxRules.year')}
            required
            fullWidth
            disabled={!!rule}
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
    </FormDialog>
  );
}
