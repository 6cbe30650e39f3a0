import { IconBorderAll, IconBox, IconDeviceDesktop, IconEyeOff, IconLayoutNavbar, IconLayoutSidebar, IconLayoutSidebarLeftCollapse, IconMoon, IconPin, IconPinnedOff, IconRefresh, IconSettings, IconSquare, IconSun, IconTextDirectionLtr, IconTextDirectionRtl, IconArrowsHorizontal, type Icon } from '@tabler/icons-react';
import { Suspense, useId, useRef, type ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { preferences, usePreferences, type BarType, type Preferences } from '@/lib/preferences';

/** The primary colour swatches; the first is the default green (spec section 9). */
export const PRIMARY_SWATCHES = [
  { id: 'green', color: '#15803d' },
  { id: 'blue', color: '#2563eb' },
  { id: 'violet', color: '#7c3aed' },
  { id: 'orange', color: '#ea580c' },
  { id: 'rose', color: '#e11d48' },
  { id: 'teal', color: '#0d9488' },
] as const;

interface Option<T extends string> {
  value: T;
  label: string;
  icon: Icon;
  disabled?: boolean;
}

/**
 * One choice among a few, as a group of toggle buttons: Tab moves through them, Enter or Space
 * chooses (aria-pressed tells which is on).
 */
function Choice<T extends string>({ legend, value, options, onChange, columns = 3, hint }: { legend: string; value: T; options: Option<T>[]; onChange: (v: T) => void; columns?: 2 | 3; hint?: string }) {
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn('grid gap-2', columns === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
        {options.map((o) => {
          const OptionIcon = o.icon;
          return (
            <button
              key={o.value}
              type="button"
              aria-pressed={value === o.value}
              disabled={o.disabled}
              onClick={() => onChange(o.value)}
              className="flex min-h-16 flex-col items-center justify-center gap-1.5 rounded-lg border border-border px-2 py-2.5 text-center text-xs font-medium transition-colors hover:bg-muted disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:border-primary aria-pressed:bg-primary/10 aria-pressed:font-semibold aria-pressed:[&>svg]:text-primary"
            >
              <OptionIcon aria-hidden className="size-5" />
              {o.label}
            </button>
          );
        })}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

function Toggle({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <label htmlFor={id} className="flex flex-col gap-0.5 text-sm font-medium">
        {label}
        {hint && <span className="text-xs font-normal text-muted-foreground">{hint}</span>}
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-5 border-b border-border px-5 py-5 last:border-b-0">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

type NavChoice = 'vertical' | 'collapsed' | 'horizontal';

function navChoice(p: Preferences): NavChoice {
  if (p.layoutNav === 'horizontal') return 'horizontal';
  return p.navCollapsed ? 'collapsed' : 'vertical';
}

function CustomizerBody() {
  const { t } = useTranslation('customizer');
  const p = usePreferences();
  const set = preferences.set;
  const bar = (prefix: string, noHidden = false): Option<BarType>[] => [
    { value: 'sticky', label: t(`${prefix}.sticky`), icon: IconPin },
    { value: 'static', label: t(`${prefix}.static`), icon: IconPinnedOff },
    { value: 'hidden', label: t(`${prefix}.hidden`), icon: IconEyeOff, disabled: noHidden },
  ];
  const isSwatch = PRIMARY_SWATCHES.some((s) => s.color === p.primaryColor);
  return (
    <>
      <div className="flex items-start gap-3 border-b border-border px-5 py-4 pe-14">
        <div className="min-w-0 flex-1">
          <SheetTitle className="text-base font-semibold">{t('title')}</SheetTitle>
          <SheetDescription className="text-sm text-muted-foreground">{t('description')}</SheetDescription>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Section title={t('sections.theming')}>
          <Choice
            legend={t('theme.label')}
            value={p.theme}
            onChange={(theme) => set({ theme })}
            options={[
              { value: 'light', label: t('theme.light'), icon: IconSun },
              { value: 'dark', label: t('theme.dark'), icon: IconMoon },
              { value: 'system', label: t('theme.system'), icon: IconDeviceDesktop },
            ]}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('primary.label')}</legend>
            <div className="flex flex-wrap items-center gap-2">
              {PRIMARY_SWATCHES.map((s) => (
                <button
                  key={s.id}
                  type="button"
                  aria-pressed={p.primaryColor === s.color}
                  aria-label={t(`primary.colors.${s.id}`)}
                  title={t(`primary.colors.${s.id}`)}
                  onClick={() => set({ primaryColor: s.color })}
                  className="size-9 rounded-md border-2 border-transparent ring-offset-2 ring-offset-card transition aria-pressed:ring-2 aria-pressed:ring-foreground"
                  style={{ backgroundColor: s.color }}
                />
              ))}
              <label className={cn('relative flex size-9 cursor-pointer items-center justify-center overflow-hidden rounded-md border border-border ring-offset-2 ring-offset-card focus-within:ring-2 focus-within:ring-ring', !isSwatch && 'ring-2 ring-foreground')} title={t('primary.custom')}>
                <span className="sr-only">{t('primary.custom')}</span>
                <input type="color" value={p.primaryColor} onChange={(e) => set({ primaryColor: e.target.value })} className="absolute inset-0 size-full cursor-pointer opacity-0" data-testid="primary-color-input" />
                <span aria-hidden className="size-5 rounded-full border border-border" style={{ background: 'conic-gradient(red, yellow, lime, aqua, blue, magenta, red)' }} />
              </label>
            </div>
          </fieldset>
          <Choice
            legend={t('skin.label')}
            value={p.skin}
            columns={2}
            onChange={(skin) => set({ skin })}
            options={[
              { value: 'default', label: t('skin.default'), icon: IconSquare },
              { value: 'bordered', label: t('skin.bordered'), icon: IconBorderAll },
            ]}
          />
          <Toggle label={t('semiDark.label')} hint={t('semiDark.hint')} checked={p.semiDark} onChange={(semiDark) => set({ semiDark })} />
        </Section>
        <Section title={t('sections.layout')}>
          <Choice
            legend={t('nav.label')}
            value={navChoice(p)}
            hint={t('smallScreen')}
            onChange={(v) => set(v === 'horizontal' ? { layoutNav: 'horizontal' } : { layoutNav: 'vertical', navCollapsed: v === 'collapsed' })}
            options={[
              { value: 'vertical', label: t('nav.vertical'), icon: IconLayoutSidebar },
              { value: 'collapsed', label: t('nav.collapsed'), icon: IconLayoutSidebarLeftCollapse },
              { value: 'horizontal', label: t('nav.horizontal'), icon: IconLayoutNavbar },
            ]}
          />
          <Choice
            legend={t('contentWidth.label')}
            value={p.contentWidth}
            columns={2}
            onChange={(contentWidth) => set({ contentWidth })}
            options={[
              { value: 'boxed', label: t('contentWidth.boxed'), icon: IconBox },
              { value: 'fluid', label: t('contentWidth.fluid'), icon: IconArrowsHorizontal },
            ]}
          />
          <Choice
            legend={t('direction.label')}
            value={p.direction}
            columns={2}
            onChange={(direction) => set({ direction })}
            options={[
              { value: 'ltr', label: t('direction.ltr'), icon: IconTextDirectionLtr },
              { value: 'rtl', label: t('direction.rtl'), icon: IconTextDirectionRtl },
            ]}
          />
          <Choice legend={t('navbar.label')} value={p.navbarType} onChange={(navbarType) => set({ navbarType })} options={bar('navbar', p.layoutNav === 'horizontal')} hint={p.layoutNav === 'horizontal' ? t('navbar.horizontalHint') : undefined} />
          <Toggle label={t('navbar.blur')} hint={t('navbar.blurHint')} checked={p.navbarBlur} onChange={(navbarBlur) => set({ navbarBlur })} />
          {p.layoutNav === 'horizontal' && <Choice legend={t('horizontalNav.label')} value={p.horizontalNavType} onChange={(horizontalNavType) => set({ horizontalNavType })} options={bar('horizontalNav')} />}
          <Choice legend={t('footer.label')} value={p.footer} onChange={(footer) => set({ footer })} options={bar('footer')} />
        </Section>
      </div>
      <div className="flex justify-end gap-2 border-t border-border px-5 py-3">
        <Button variant="outline" onClick={() => preferences.reset()}>
          <IconRefresh aria-hidden />
          {t('reset')}
        </Button>
      </div>
    </>
  );
}

/**
 * The theme customizer (spec section 2): a sheet from the inline end, modal (focus stays inside,
 * Escape closes). Every change applies at once and is kept. `onClosed` puts the focus back on
 * whatever opened it.
 */
export function CustomizerSheet({ open, onOpenChange, onClosed }: { open: boolean; onOpenChange: (open: boolean) => void; onClosed: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-testid="customizer"
        overlayClassName="bg-black/20"
        className="shadow-2xl"
        closeLabel={t('close')}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          onClosed();
        }}
      >
        <Suspense fallback={<SheetTitle className="p-5 text-base font-semibold">{t('customize')}</SheetTitle>}>
          <CustomizerBody />
        </Suspense>
      </SheetContent>
    </Sheet>
  );
}

/** The floating button at the inline-end edge that opens the customizer. */
export function CustomizerButton({ onOpen }: { onOpen: (opener: HTMLElement | null) => void }) {
  const { t } = useTranslation('layout');
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <button
      ref={ref}
      type="button"
      data-testid="customizer-button"
      aria-label={t('customize')}
      title={t('customize')}
      aria-haspopup="dialog"
      onClick={() => onOpen(ref.current)}
      className="no-print fixed end-0 top-1/2 z-40 max-sm:[html[data-bottom-bar]_&]:hidden max-md:[html[data-fixed-height]_&]:hidden inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-s-lg bg-primary text-primary-foreground shadow-lg transition hover:brightness-95"
    >
      <IconSettings aria-hidden className="size-5" />
    </button>
  );
}
