import type { StoreProfile } from '@ev/shared/schemas/store';
import { UFS } from '@ev/shared/ie';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, selectClass } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { storeProfileOptions, useSaveStoreProfile, useStorePassword } from '../api/store-api';

type AddressDraft = { id?: string; nickname: string; cep: string; street: string; number: string; complement: string; neighborhood: string; city: string; state: string };
const BLANK: AddressDraft = { nickname: '', cep: '', street: '', number: '', complement: '', neighborhood: '', city: '', state: 'SP' };
const draftOf = (a: StoreProfile['deliveryAddresses'][number]): AddressDraft => ({ id: a.id, nickname: a.nickname ?? '', cep: a.cep ?? '', street: a.street ?? '', number: a.number ?? '', complement: a.complement ?? '', neighborhood: a.neighborhood ?? '', city: a.city ?? '', state: a.state ?? 'SP' });
const line = (a: { street: string | null; number: string | null; neighborhood: string | null; city: string | null; state: string | null; cep: string | null }) =>
  [[a.street, a.number].filter(Boolean).join(', '), a.neighborhood, [a.city, a.state].filter(Boolean).join('/'), a.cep].filter(Boolean).join(' · ');

/** The contacts and delivery addresses of "Meus dados", saved over the version read; each refusal at its field, what was typed kept. */
function ProfileForm({ slug, profile, saved, onSaved }: { slug: string; profile: StoreProfile; saved: boolean; onSaved(done: boolean): void }) {
  const { t } = useTranslation('store');
  const save = useSaveStoreProfile(slug);
  const [phones, setPhones] = useState({ phone1: profile.phone1 ?? '', phone2: profile.phone2 ?? '', contact: profile.contact ?? '' });
  const [addresses, setAddresses] = useState<AddressDraft[]>(profile.deliveryAddresses.map(draftOf));
  const errors = Object.fromEntries(apiFieldErrors(save.error).map((f) => [f.field, f.message]));
  const setAddress = (i: number, field: keyof AddressDraft, value: string) => setAddresses((list) => list.map((a, n) => (n === i ? { ...a, [field]: value } : a)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSaved(false);
    const blank = (v: string) => v.trim() || null;
    save.mutate(
      {
        phone1: blank(phones.phone1),
        phone2: blank(phones.phone2),
        phone3: profile.phone3,
        phone4: profile.phone4,
        contact: blank(phones.contact),
        deliveryAddresses: addresses.map((a) => ({ ...(a.id ? { id: a.id } : {}), nickname: blank(a.nickname), cep: blank(a.cep), street: blank(a.street), number: blank(a.number), complement: blank(a.complement), neighborhood: blank(a.neighborhood), city: blank(a.city), state: a.state })),
        version: profile.version,
      },
      { onSuccess: () => onSaved(true) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="store-profile-form">
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t('profile.contacts')}</h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={t('profile.phone1')} error={errors.phone1}>
            <Input inputMode="tel" value={phones.phone1} onChange={(e) => setPhones({ ...phones, phone1: e.target.value })} maxLength={20} autoComplete="tel" />
          </FormField>
          <FormField label={t('profile.phone2')} error={errors.phone2}>
            <Input inputMode="tel" value={phones.phone2} onChange={(e) => setPhones({ ...phones, phone2: e.target.value })} maxLength={20} />
          </FormField>
          <FormField label={t('profile.contact')} error={errors.contact} className="sm:col-span-2">
            <Input value={phones.contact} onChange={(e) => setPhones({ ...phones, contact: e.target.value })} maxLength={80} autoComplete="name" />
          </FormField>
        </div>
      </Card>
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t('profile.addresses')}</h2>
        {profile.mainAddress ? (
          <div className="flex flex-col gap-1 rounded-md bg-muted/50 p-3 text-sm">
            <span className="font-medium">{profile.mainAddress.nickname || t('profile.main')}</span>
            <span>{line(profile.mainAddress)}</span>
            <span className="text-xs text-muted-foreground">{t('profile.mainFixed')}</span>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('profile.noMain')}</p>
        )}
        {addresses.map((a, i) => {
          const err = (f: string) => errors[`deliveryAddresses.${i}.${f}`];
          return (
            <fieldset key={a.id ?? `new-${i}`} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2" data-testid="store-address">
              <legend className="px-1 text-sm font-medium">{a.nickname || t('profile.addressN', { n: i + 1 })}</legend>
              <FormField label={t('profile.nickname')} error={err('nickname')}>
                <Input value={a.nickname} onChange={(e) => setAddress(i, 'nickname', e.target.value)} maxLength={60} />
              </FormField>
              <FormField label={t('profile.cep')} error={err('cep')}>
                <Input inputMode="numeric" value={a.cep} onChange={(e) => setAddress(i, 'cep', e.target.value)} maxLength={9} autoComplete="postal-code" />
              </FormField>
              <FormField label={t('profile.street')} error={err('street')} className="sm:col-span-2">
                <Input value={a.street} onChange={(e) => setAddress(i, 'street', e.target.value)} maxLength={120} autoComplete="address-line1" />
              </FormField>
              <FormField label={t('profile.number')} error={err('number')}>
                <Input value={a.number} onChange={(e) => setAddress(i, 'number', e.target.value)} maxLength={20} />
              </FormField>
              <FormField label={t('profile.complement')} error={err('complement')}>
                <Input value={a.complement} onChange={(e) => setAddress(i, 'complement', e.target.value)} maxLength={80} />
              </FormField>
              <FormField label={t('profile.neighborhood')} error={err('neighborhood')}>
                <Input value={a.neighborhood} onChange={(e) => setAddress(i, 'neighborhood', e.target.value)} maxLength={80} />
              </FormField>
              <FormField label={t('profile.city')} error={err('city')}>
                <Input value={a.city} onChange={(e) => setAddress(i, 'city', e.target.value)} maxLength={80} autoComplete="address-level2" />
              </FormField>
              <FormField label={t('profile.state')} error={err('state')}>
                <select className={selectClass} value={a.state} onChange={(e) => setAddress(i, 'state', e.target.value)}>
                  {UFS.map((uf) => (
                    <option key={uf} value={uf}>
                      {uf}
                    </option>
                  ))}
                </select>
              </FormField>
              <Button type="button" variant="ghost" className="self-end justify-self-start" onClick={() => setAddresses((list) => list.filter((_, n) => n !== i))}>
                <IconTrash aria-hidden />
                {t('profile.removeAddress')}
              </Button>
            </fieldset>
          );
        })}
        <Button type="button" variant="outline" className="self-start" onClick={() => setAddresses((list) => [...list, { ...BLANK }])}>
          <IconPlus aria-hidden />
          {t('profile.addAddress')}
        </Button>
      </Card>
      {save.isError && <Alert variant="error">{apiErrorText(save.error, t('profile.failed'))}</Alert>}
      {saved && !save.isPending && <Alert variant="success">{t('profile.saved')}</Alert>}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? t('profile.saving') : t('profile.save')}
      </Button>
    </form>
  );
}

/** The password changed with the current one; this session goes on. */
function PasswordForm({ slug }: { slug: string }) {
  const { t } = useTranslation('store');
  const change = useStorePassword(slug);
  const [values, setValues] = useState({ current: '', password: '', confirmation: '' });
  const [done, setDone] = useState(false);
  const errors = Object.fromEntries(apiFieldErrors(change.error).map((f) => [f.field, f.message]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    change.mutate(values, {
      onSuccess: () => {
        setValues({ current: '', password: '', confirmation: '' });
        setDone(true);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t('profile.password')}</h2>
        <FormField label={t('profile.current')} error={errors.current}>
          <PasswordInput value={values.current} onChange={(e) => setValues({ ...values, current: e.target.value })} autoComplete="current-password" maxLength={128} />
        </FormField>
        <FormField label={t('redefine.password')} error={errors.password}>
          <PasswordInput value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} autoComplete="new-password" maxLength={128} />
        </FormField>
        <FormField label={t('redefine.confirmation')} error={errors.confirmation}>
          <PasswordInput value={values.confirmation} onChange={(e) => setValues({ ...values, confirmation: e.target.value })} autoComplete="new-password" maxLength={128} />
        </FormField>
        {change.isError && !Object.keys(errors).length && <Alert variant="error">{apiErrorText(change.error, t('profile.failed'))}</Alert>}
        {done && <Alert variant="success">{t('profile.passwordChanged')}</Alert>}
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {t('profile.changePassword')}
        </Button>
      </Card>
    </form>
  );
}

/**
 * "Meus dados" (spec section 2, a tab of the self-checkout; docs/store.md "Meus dados"): the
 * client's name, document and e-mail as the company keeps them; its phones, contact and delivery
 * addresses, which it changes here; its password.
 */
export function StoreProfilePage({ slug }: { slug: string }) {
  const { t } = useTranslation('store');
  const profile = useQuery(storeProfileOptions(slug));
  // Kept here: a save remounts the form on the new version, and the message outlives it.
  const [saved, setSaved] = useState(false);
  return (
    <section aria-labelledby="store-profile-title" className="flex flex-col gap-4">
      <h1 id="store-profile-title" className="text-2xl font-semibold">
        {t('profile.title')}
      </h1>
      {profile.isPending ? (
        <p className="text-muted-foreground" aria-busy="true">
          {t('loading')}
        </p>
      ) : profile.isError ? (
        <Alert variant="error">{apiErrorText(profile.error, t('profile.loadFailed'))}</Alert>
      ) : (
        <>
          <Card className="flex flex-col gap-1 p-4 text-sm" data-testid="store-profile-record">
            <span className="font-semibold">{profile.data.name}</span>
            {profile.data.document && <span>{profile.data.document}</span>}
            {profile.data.email && <span>{profile.data.email}</span>}
            <span className="text-xs text-muted-foreground">{t('profile.recordHint')}</span>
          </Card>
          <ProfileForm key={profile.data.version} slug={slug} profile={profile.data} saved={saved} onSaved={setSaved} />
          <PasswordForm slug={slug} />
        </>
      )}
    </section>
  );
}
