import type { SlipLabels, SlipSale } from '../print';

/** The sale the printed slip's expected files show (sample-80.txt, -48, -40): long names, an accent in every part, a cancelled line, a quantity and a price with more places. */
export const LABELS: SlipLabels = {
  order: 'Pedido', date: 'Data', client: 'Cliente', document: 'CPF/CNPJ', address: 'Endereço', phone: 'Telefone', salesman: 'Vendedor', condition: 'Pagamento',
  quantity: 'Qtd', product: 'Produto', unitPrice: 'Unitário', total: 'Total', cancelled: 'cancelado', items: 'Itens', discounts: 'Descontos', increases: 'Acréscimos',
  grandTotal: 'Total do pedido', installments: 'Parcelas', observations: 'Observações', delivery: 'Confirme a entrega',
};

export const SALE: SlipSale = {
  company: { name: 'Distribuidora Exemplo Ltda', document: 'CNPJ 11.222.333/0001-81' },
  number: 1234,
  date: '28/11/2026',
  client: { name: 'Mercado São João da Boa Vista Comércio de Alimentos Ltda', document: '12.345.678/0001-95', address: 'Rua Conceição, 1.250, sala 3 - Jardim Estoril - Bauru/SP - CEP 17016-000', phone: '(14) 99123-0076' },
  salesman: 'José Antônio',
  condition: '30/60/90 · Boleto',
  items: [
    { ref: 'ARZ-5', name: 'Arroz Tipo 1 Camil 5kg', unit: 'FD · FD 6X5KG', quantity: '12', unitPrice: '24.9000', total: '298.80', cancelled: false },
    { ref: 'FEIJ-1', name: 'Feijão Carioca Kicaldo 1kg pacote econômico com tampa abre-fácil', unit: 'UN', quantity: '2.5', unitPrice: '8.3330', total: '20.83', cancelled: false },
    { ref: 'OLEO', name: 'Óleo de Soja Liza 900ml', unit: null, quantity: '3', unitPrice: '7.5', total: '22.50', cancelled: true },
  ],
  totals: { items: '319.63', discounts: '9.63', increases: '0', total: '1310.00' },
  installments: [
    { label: '1/3', dueDate: '28/12/2026', value: '436.67' },
    { label: '2/3', dueDate: '27/01/2027', value: '436.67' },
    { label: '3/3', dueDate: '26/02/2027', value: '436.66' },
  ],
  observations: 'Entregar pela manhã, portão lateral.\nCobrar a caixa de papelão devolvida.',
};
