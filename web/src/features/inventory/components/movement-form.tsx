import { MANUAL_KINDS, MovementInput } from '@ev/shared/schemas/inventory';
import { useId, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DecimalField, FormFields, SelectField, TextField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { toBody as bodyOf, schemaResolver, toFormValues, type FormValues, type SchemaFieldMap } from '@/lib/form-map';
import { useFormat } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notices';
import { usePostMovement } from '../api/inventory-api';

/** How the form holds each field of the shared schema (`MovementInput`); the product is the page's. */
const MOVEMENT_FIELDS = {
  productId: 'ref!',
  branchId: 'ref!',
  kind: 'option',
  quantity: 'decimal',
  reason: 'text',
  reference: 'text',
} as const satisfies SchemaFieldMap<MovementInput>;

type MovementValues = FormValues<typeof MOVEMENT_FIELDS>;

const toBody = (v: MovementValues) => bodyOf(MOVEMENT_FIELDS, v);

/** The fields the form shows (an API error on another one, the product, shows above the button). */
const SHOWN = new Set<string>(['kind', 'branchId', 'quantity', 'reason', 'reference']);

const label = (field: string) => i18n.t(`inventory:stock.post.${field}`);

// The API's schema: the same checks and the same Portuguese messages as the API (the reason of an adjustment).
const resolver = schemaResolver<MovementValues>(MovementInput, toBody, false, { labelOf: label });

export interface BranchOption {
  id: string;
  name: string;
}

/**
 * "Lançar movimento" on the product's stock tab (update `estoques`): an adjustment (signed, with
 * its reason), a purchase ordered or received, a consignment out, returned or sold, in one of the
 * result centers the user is allowed. Errors show on their fields and keep what was typed; once
 * posted, a toast with the new balance, and the quantity, reason and document are cleared.
 */
export function MovementForm({ productId, branches, initialBranchId, decimals }: { productId: string; branches: BranchOption[]; initialBranchId: string | null; decimals: number }) {
  const { t } = useTranslation('inventory');
  const format = useFormat();
  const post = usePostMovement();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<MovementValues>({
    resolver,
    defaultValues: toFormValues(MOVEMENT_FIELDS, { productId, branchId: initialBranchId, kind: 'adjustment' }),
    mode: 'onSubmit',
  });
  const adjustment = useWatch({ control: form.control, name: 'kind' }) === 'adjustment';
  const required = new Set(adjustment ? ['kind', 'branchId', 'quantity', 'reason'] : ['kind', 'branchId', 'quantity']);
  const { isSubmitting } = form.formState;

  const submit = async (values: MovementValues) => {
    setError(null);
    try {
      const { balance } = await post.mutateAsync(toBody(values));
      form.reset({ ...values, quantity: '', reason: '', reference: '' });
      const branch = branches.find((b) => b.id === balance.branchId)?.name ?? '';
      notify({ kind: 'success', text: t('stock.post.posted', { branch, physical: format.quantity(balance.physical, decimals), available: format.quantity(balance.available, decimals) }) });
    } catch (e) {
      const fields = apiFieldErrors(e, label).filter((f) => SHOWN.has(f.field));
      for (const f of fields) form.setError(f.field as FieldPath<MovementValues>, { type: 'server', message: f.message });
      if (fields.length) form.setFocus(fields[0]!.field as FieldPath<MovementValues>);
      else setError(apiErrorText(e, t('stock.post.failed')));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <h2 id={titleId} className="text-base font-semibold">
        {t('stock.post.title')}
      </h2>
      <FormProvider {...form}>
        <FormFields required={required}>
          <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="flex flex-col gap-3 rounded-md border border-border p-4" aria-labelledby={titleId}>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField name="kind" label={t('stock.post.kind')} options={MANUAL_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
              <SelectField name="branchId" label={t('stock.post.branchId')} options={branches.map((b) => ({ value: b.id, label: b.name }))} />
              <DecimalField
                name="quantity"
                label={t('stock.post.quantity')}
                scale={4}
                signed={adjustment}
                maxLength={21}
                placeholder=""
                hint={adjustment ? t('stock.post.hints.adjustment') : t('stock.post.hints.quantity')}
              />
              <TextField name="reference" label={t('stock.post.reference')} maxLength={60} hint={t('stock.post.hints.reference')} />
            </div>
            <TextField name="reason" label={t('stock.post.reason')} maxLength={200} />
            {error && <Alert variant="error">{error}</Alert>}
            <div className="flex justify-end">
              <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
                {isSubmitting ? t('stock.post.posting') : t('stock.post.submit')}
              </Button>
            </div>
          </form>
        </FormFields>
      </FormProvider>
    </div>
  );
}
