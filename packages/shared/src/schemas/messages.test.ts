import { describe, expect, it } from 'vitest';
import { fillParameters, MessageTexts, parameterNumbers, parametersInSequence, previewTemplate, TemplateInput } from './messages';

const base = { name: 'promocao_natal', category: 'marketing', language: 'pt_BR', body: 'Olá, {{1}}! Nossa promoção de Natal vai até {{2}}.', bodyExamples: ['Maria', '24/12'] };
const issues = (input: unknown) => (TemplateInput.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('TemplateInput', () => {
  it('accepts a text template with numbered parameters, each with an example, and Meta’s buttons', () => {
    const t = TemplateInput.parse({
      ...base,
      header: 'Oferta para {{1}}',
      headerExample: 'Mercado Bom Preço',
      footer: 'Responda SAIR para não receber mais',
      buttons: [
        { type: 'quick_reply', text: 'Quero saber mais' },
        { type: 'url', text: 'Ver ofertas', url: 'https://exemplo.com.br/natal' },
        { type: 'phone_number', text: 'Ligar', phone: '551432221000' },
      ],
    });
    expect(t).toMatchObject({ name: 'promocao_natal', header: 'Oferta para {{1}}', footer: 'Responda SAIR para não receber mais' });
    expect(TemplateInput.parse({ ...base, header: '', footer: '' })).toMatchObject({ header: null, footer: null, buttons: [] });
  });

  it('refuses a name with anything but lowercase letters and underscores (spec section 5), in Portuguese', () => {
    for (const name of ['Promocao', 'promoção', 'promo natal', 'promo-natal', 'promo2025', '']) {
      expect(issues({ ...base, name }), name).toEqual([['name', MessageTexts.name().message]]);
    }
    expect(issues({ ...base, name: 'a'.repeat(513) })).toEqual([['name', MessageTexts.nameLength({ max: 512 }).message]]);
  });

  it('asks for parameters numbered from 1 without gaps, and an example for each', () => {
    expect(issues({ ...base, body: 'Olá, {{2}}!', bodyExamples: ['x', 'y'] })).toEqual([['body', MessageTexts.parameters().message]]);
    expect(issues({ ...base, bodyExamples: ['Maria'] })).toEqual([['bodyExamples.1', MessageTexts.example({ n: 2, max: 200 }).message]]);
    expect(issues({ ...base, bodyExamples: ['', ' '] }).map(([path]) => path)).toEqual(['bodyExamples.0', 'bodyExamples.1']);
    // A parameter used twice counts once.
    expect(issues({ ...base, body: '{{1}}, {{1}}!', bodyExamples: ['Ana'] })).toEqual([]);
  });

  it('limits the header to one parameter with its example, the footer to none, and the buttons as Meta does', () => {
    expect(issues({ ...base, header: '{{1}} e {{2}}', headerExample: 'x' })).toEqual([['header', MessageTexts.header({ max: 60 }).message]]);
    expect(issues({ ...base, header: 'Oi {{1}}' })).toEqual([['headerExample', MessageTexts.example({ n: 1, max: 200 }).message]]);
    expect(issues({ ...base, footer: 'Até {{1}}' })).toEqual([['footer', MessageTexts.footer({ max: 60 }).message]]);
    const url = { type: 'url', text: 'Abrir', url: 'https://exemplo.com.br' };
    expect(issues({ ...base, buttons: [url, url, url] })).toEqual([['buttons', MessageTexts.buttons({ max: 10 }).message]]);
    expect(issues({ ...base, buttons: Array.from({ length: 11 }, () => ({ type: 'quick_reply', text: 'Sim' })) })).toEqual([['buttons', MessageTexts.buttons({ max: 10 }).message]]);
    expect(issues({ ...base, buttons: [{ ...url, url: 'http://exemplo.com.br' }] })).toEqual([['buttons.0.url', MessageTexts.buttonUrl({ max: 2000 }).message]]);
    expect(issues({ ...base, buttons: [{ type: 'phone_number', text: 'Ligar', phone: '(14) 3222-1000' }] })).toEqual([['buttons.0.phone', MessageTexts.buttonPhone().message]]);
    expect(issues({ ...base, buttons: [{ type: 'quick_reply', text: 'x'.repeat(26) }] })).toEqual([['buttons.0.text', MessageTexts.buttonText({ max: 25 }).message]]);
  });

  it('names the category and the language it takes', () => {
    expect(issues({ ...base, category: 'promo', language: 'pt' })).toEqual([
      ['category', MessageTexts.category().message],
      ['language', MessageTexts.language().message],
    ]);
  });
});

describe('parameters and the preview', () => {
  it('finds, checks and fills the numbered parameters', () => {
    expect(parameterNumbers('{{1}} {{ 2 }} {{1}}')).toEqual([1, 2, 1]);
    expect(parametersInSequence('sem parâmetros')).toBe(true);
    expect(parametersInSequence('{{1}} {{3}}')).toBe(false);
    expect(fillParameters('Olá, {{1}}! Até {{2}}.', ['Ana'])).toBe('Olá, Ana! Até {{2}}.');
  });

  it('shows the template as WhatsApp would: the examples, or a client’s values', () => {
    const t = TemplateInput.parse({ ...base, header: 'Para {{1}}', headerExample: 'Mercado', footer: 'Exemplo Distribuidora', buttons: [{ type: 'quick_reply', text: 'Quero' }] });
    expect(previewTemplate(t)).toEqual({ header: 'Para Mercado', body: 'Olá, Maria! Nossa promoção de Natal vai até 24/12.', footer: 'Exemplo Distribuidora', buttons: ['Quero'] });
    expect(previewTemplate(t, { header: 'Atacadão', body: ['João', '31/12'] }).body).toBe('Olá, João! Nossa promoção de Natal vai até 31/12.');
  });
});
