import { withCheckDigit } from '@ev/shared/gtin';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { productCompanies } from '@ev/shared/registries/product-companies';
import { productGroups } from '@ev/shared/registries/product-groups';
import { sizes } from '@ev/shared/registries/sizes';
import { units } from '@ev/shared/registries/units';
import { ProductCreate, refKey } from '@ev/shared/schemas/products';
import Decimal from 'decimal.js';
import { timestamp } from '../clock';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { Registries } from '../registries';
import { parseInput } from '../validation';
import { ProductsRepository, type ProductRecord } from './repository';

/**
 * The demo catalogue: about 300 products of a food and household distributor in six groups, from
 * two product companies (Exemplo Alimentos and Exemplo Bebidas), each with a valid EAN-13 (prefix 789,
 * Brazil), a maker, a package and a demo unit; diapers come in the demo sizes; a few are inactive,
 * some carry a minimum price. Runs in the demo tenant's context after its registries.
 */

/** A family: one line of products, each variant a product ("Refrigerante Cola" × "350ml", "2L", ...). */
interface Family {
  group: string;
  company: 'Exemplo Alimentos' | 'Exemplo Bebidas';
  maker: string;
  name: string;
  /** [suffix of the name, package, unit, base minimum price or null]. */
  variants: [string, string, string, string | null][];
  /** Flavours or kinds multiplied by every variant. */
  kinds?: string[];
  /** Each variant also in these sizes (the demo's sizes registry). */
  sizes?: string[];
}

const FAMILIES: Family[] = [
  // Bebidas
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Refrigerantes Serra Azul', name: 'Refrigerante', kinds: ['Cola', 'Guaraná', 'Laranja', 'Limão', 'Uva', 'Tubaína'], variants: [['Lata 350ml', 'FD 12X350ML', 'FD', '28.90'], ['PET 600ml', 'FD 12X600ML', 'FD', null], ['PET 2L', 'FD 6X2L', 'FD', '39.90']] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Refrigerantes Serra Azul', name: 'Refrigerante Zero', kinds: ['Cola', 'Guaraná'], variants: [['Lata 350ml', 'FD 12X350ML', 'FD', null], ['PET 2L', 'FD 6X2L', 'FD', null]] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Fonte Clara', name: 'Água Mineral', kinds: ['sem Gás', 'com Gás'], variants: [['500ml', 'FD 12X500ML', 'FD', '14.40'], ['1,5L', 'FD 6X1,5L', 'FD', null], ['Galão 20L', 'UN 20L', 'UN', null]] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Pomar do Vale', name: 'Suco Integral', kinds: ['Uva', 'Laranja', 'Maçã', 'Pêssego', 'Abacaxi'], variants: [['1L', 'CX 6X1L', 'CX', '59.40'], ['200ml', 'CX 27X200ML', 'CX', null]] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Pomar do Vale', name: 'Néctar', kinds: ['Manga', 'Goiaba', 'Caju', 'Maracujá'], variants: [['1L', 'CX 12X1L', 'CX', null]] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Cervejaria Bauru', name: 'Cerveja', kinds: ['Pilsen', 'Lager', 'Puro Malte', 'Sem Álcool'], variants: [['Lata 350ml', 'CX 12X350ML', 'CX', '35.90'], ['Long Neck 355ml', 'CX 24X355ML', 'CX', null], ['Garrafa 600ml', 'CX 24X600ML', 'CX', null]] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Energia Total', name: 'Energético', kinds: ['Tradicional', 'Açaí', 'Tropical'], variants: [['Lata 250ml', 'FD 6X250ML', 'FD', null], ['Lata 473ml', 'FD 6X473ML', 'FD', null]] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Chá da Serra', name: 'Chá Gelado', kinds: ['Limão', 'Pêssego'], variants: [['1,5L', 'FD 6X1,5L', 'FD', null]] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Coco Nordeste', name: 'Água de Coco', variants: [['200ml', 'CX 27X200ML', 'CX', null], ['1L', 'CX 12X1L', 'CX', null]] },
  { group: 'Bebidas', company: 'Exemplo Bebidas', maker: 'Isotônico Ativo', name: 'Isotônico', kinds: ['Laranja', 'Limão', 'Tangerina'], variants: [['500ml', 'FD 6X500ML', 'FD', null]] },
  // Mercearia
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Grão de Ouro', name: 'Arroz', kinds: ['Tipo 1', 'Integral', 'Parboilizado'], variants: [['1kg', 'FD 10X1KG', 'FD', null], ['5kg', 'FD 6X5KG', 'FD', '139.00']] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Grão de Ouro', name: 'Feijão', kinds: ['Carioca', 'Preto', 'Fradinho'], variants: [['1kg', 'FD 10X1KG', 'FD', '79.90']] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Doce Vida', name: 'Açúcar', kinds: ['Refinado', 'Cristal', 'Mascavo'], variants: [['1kg', 'FD 10X1KG', 'FD', null], ['5kg', 'FD 6X5KG', 'FD', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Café Paulista', name: 'Café Torrado e Moído', kinds: ['Tradicional', 'Extra Forte', 'Gourmet'], variants: [['250g', 'FD 20X250G', 'FD', null], ['500g', 'FD 10X500G', 'FD', '149.00']] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Campo Bom', name: 'Óleo', kinds: ['de Soja', 'de Milho', 'de Girassol', 'Composto'], variants: [['900ml', 'CX 20X900ML', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Massas Nonna', name: 'Macarrão', kinds: ['Espaguete', 'Parafuso', 'Penne', 'Ave Maria', 'Talharim', 'Lasanha'], variants: [['500g', 'FD 20X500G', 'FD', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Moinho Bauru', name: 'Farinha de Trigo', kinds: ['Tradicional', 'Com Fermento'], variants: [['1kg', 'FD 10X1KG', 'FD', null], ['5kg', 'FD 5X5KG', 'FD', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Moinho Bauru', name: 'Farinha de Mandioca', kinds: ['Crua', 'Torrada'], variants: [['500g', 'FD 20X500G', 'FD', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Sal do Mar', name: 'Sal', kinds: ['Refinado', 'Grosso'], variants: [['1kg', 'FD 10X1KG', 'FD', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Vale Verde', name: 'Molho de Tomate', kinds: ['Tradicional', 'Manjericão', 'Pizza', 'Bolonhesa'], variants: [['Sachê 340g', 'CX 24X340G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Vale Verde', name: 'Extrato de Tomate', variants: [['Lata 340g', 'CX 24X340G', 'CX', null], ['Sachê 190g', 'CX 48X190G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Vale Verde', name: 'Conserva', kinds: ['Milho Verde', 'Ervilha', 'Seleta de Legumes', 'Palmito'], variants: [['Lata 170g', 'CX 24X170G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Mar Azul', name: 'Sardinha', kinds: ['em Óleo', 'ao Molho de Tomate'], variants: [['Lata 125g', 'CX 50X125G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Mar Azul', name: 'Atum', kinds: ['Ralado', 'Sólido'], variants: [['Lata 170g', 'CX 24X170G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Campo Bom', name: 'Maionese', variants: [['Pote 500g', 'CX 12X500G', 'CX', null], ['Sachê 200g', 'CX 24X200G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Tempero da Casa', name: 'Tempero', kinds: ['Alho e Sal', 'Completo', 'Caldo de Galinha', 'Caldo de Carne'], variants: [['300g', 'CX 24X300G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Leite em Pó', kinds: ['Integral', 'Desnatado'], variants: [['400g', 'CX 24X400G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Manhã Feliz', name: 'Achocolatado em Pó', variants: [['400g', 'CX 24X400G', 'CX', null], ['800g', 'CX 12X800G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Manhã Feliz', name: 'Cereal Matinal', kinds: ['Flocos de Milho', 'Granola', 'Aveia em Flocos'], variants: [['250g', 'CX 20X250G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Moinho Bauru', name: 'Fubá', kinds: ['Mimoso', 'Grosso'], variants: [['1kg', 'FD 10X1KG', 'FD', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Grão de Ouro', name: 'Milho de Pipoca', variants: [['500g', 'FD 20X500G', 'FD', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Campo Bom', name: 'Vinagre', kinds: ['de Álcool', 'de Maçã'], variants: [['750ml', 'CX 12X750ML', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Oliveiras do Sul', name: 'Azeite de Oliva Extra Virgem', variants: [['250ml', 'CX 12X250ML', 'CX', null], ['500ml', 'CX 12X500ML', 'CX', '359.0000']] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Doce Vida', name: 'Gelatina', kinds: ['Morango', 'Uva', 'Limão', 'Framboesa', 'Abacaxi'], variants: [['20g', 'CX 48X20G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Doce Vida', name: 'Pó para Pudim', kinds: ['Chocolate', 'Baunilha', 'Coco'], variants: [['50g', 'CX 48X50G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Leite Condensado', variants: [['Lata 395g', 'CX 27X395G', 'CX', null], ['Caixa 395g', 'CX 27X395G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Creme de Leite', variants: [['Caixa 200g', 'CX 27X200G', 'CX', null], ['Lata 300g', 'CX 24X300G', 'CX', null]] },
  { group: 'Mercearia', company: 'Exemplo Alimentos', maker: 'Vale Verde', name: 'Molho', kinds: ['Ketchup', 'Mostarda', 'Barbecue'], variants: [['380g', 'CX 24X380G', 'CX', null]] },
  // Biscoitos e doces
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Crocante Snacks', name: 'Salgadinho', kinds: ['Queijo', 'Presunto', 'Cebola e Salsa'], variants: [['45g', 'CX 40X45G', 'CX', null], ['140g', 'CX 20X140G', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Doces Paraíso', name: 'Paçoca', variants: [['Pote 50 unidades', 'CX 12 POTES', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Doces Paraíso', name: 'Bombom Sortido', variants: [['Caixa 250g', 'CX 20X250G', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Doces Paraíso', name: 'Pão de Mel', variants: [['Unidade 40g', 'CX 30UN', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Biscoitos Estrela', name: 'Biscoito Recheado', kinds: ['Chocolate', 'Morango', 'Baunilha', 'Limão'], variants: [['130g', 'CX 48X130G', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Biscoitos Estrela', name: 'Biscoito', kinds: ['Cream Cracker', 'Água e Sal', 'Maisena', 'Maria', 'Rosquinha de Coco', 'Amanteigado'], variants: [['400g', 'CX 20X400G', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Biscoitos Estrela', name: 'Wafer', kinds: ['Chocolate', 'Morango'], variants: [['115g', 'CX 60X115G', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Doces Paraíso', name: 'Chocolate em Barra', kinds: ['ao Leite', 'Meio Amargo', 'Branco'], variants: [['90g', 'CX 20X90G', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Doces Paraíso', name: 'Bala', kinds: ['Goma', 'Mastigável', 'Hortelã'], variants: [['Pacote 600g', 'PCT 600G', 'PCT', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Doces Paraíso', name: 'Doce de Leite', variants: [['Pote 400g', 'CX 12X400G', 'CX', null]] },
  { group: 'Biscoitos e doces', company: 'Exemplo Alimentos', maker: 'Doces Paraíso', name: 'Goiabada', variants: [['Barra 300g', 'CX 24X300G', 'CX', null]] },
  // Frios e laticínios
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Leite UHT', kinds: ['Integral', 'Semidesnatado', 'Desnatado', 'Zero Lactose'], variants: [['1L', 'CX 12X1L', 'CX', '59.90']] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Iogurte', kinds: ['Natural', 'Morango', 'Coco'], variants: [['170g', 'CX 24X170G', 'CX', null], ['Garrafa 900g', 'CX 6X900G', 'CX', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Queijo', kinds: ['Muçarela Fatiado', 'Prato Fatiado', 'Minas Frescal', 'Parmesão Ralado'], variants: [['Pacote', 'KG', 'KG', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Manteiga', kinds: ['com Sal', 'sem Sal'], variants: [['200g', 'CX 24X200G', 'CX', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Campo Bom', name: 'Margarina', kinds: ['com Sal', 'Light'], variants: [['500g', 'CX 12X500G', 'CX', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Frigorífico Noroeste', name: 'Presunto Cozido', variants: [['Fatiado', 'KG', 'KG', '32.9000']] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Frigorífico Noroeste', name: 'Mortadela', kinds: ['Tradicional', 'Defumada'], variants: [['Peça', 'KG', 'KG', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Frigorífico Noroeste', name: 'Salsicha', variants: [['Pacote 3kg', 'CX 4X3KG', 'CX', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Frigorífico Noroeste', name: 'Linguiça', kinds: ['Calabresa', 'Toscana'], variants: [['Pacote', 'KG', 'KG', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Granja Feliz', name: 'Ovos Brancos', variants: [['Bandeja 30', 'CX 12X30UN', 'CX', null], ['Dúzia', 'DZ', 'DZ', '8.5000']] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Requeijão Cremoso', kinds: ['Tradicional', 'Light'], variants: [['200g', 'CX 24X200G', 'CX', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Lácteos Garça', name: 'Bebida Láctea', kinds: ['Morango', 'Salada de Frutas'], variants: [['1L', 'CX 12X1L', 'CX', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Frigorífico Noroeste', name: 'Peito de Peru Defumado', variants: [['Fatiado', 'KG', 'KG', null]] },
  { group: 'Frios e laticínios', company: 'Exemplo Alimentos', maker: 'Frigorífico Noroeste', name: 'Salame Italiano', variants: [['Peça', 'KG', 'KG', null]] },
  // Limpeza
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Brilho Lar', name: 'Lustra Móveis', kinds: ['Lavanda', 'Jasmim'], variants: [['200ml', 'CX 24X200ML', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Brilho Lar', name: 'Sabão Líquido', kinds: ['Tradicional', 'de Coco'], variants: [['3L', 'CX 4X3L', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Química Paulista', name: 'Limpa Vidros', variants: [['500ml', 'CX 12X500ML', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Utilidades Agudos', name: 'Pano de Chão', variants: [['Unidade', 'FD 12UN', 'FD', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Utilidades Agudos', name: 'Vassoura', kinds: ['de Pelo', 'de Nylon'], variants: [['Unidade', 'UN', 'UN', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Utilidades Agudos', name: 'Rodo', kinds: ['40cm', '60cm'], variants: [['Unidade', 'UN', 'UN', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Brilho Lar', name: 'Detergente Líquido', kinds: ['Neutro', 'Limão', 'Maçã', 'Coco'], variants: [['500ml', 'CX 24X500ML', 'CX', '38.90']] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Brilho Lar', name: 'Sabão em Pó', kinds: ['Tradicional', 'Multiação'], variants: [['1kg', 'CX 20X1KG', 'CX', null], ['2kg', 'CX 8X2KG', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Brilho Lar', name: 'Sabão em Barra', variants: [['5X200g', 'FD 10X5X200G', 'FD', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Brilho Lar', name: 'Amaciante', kinds: ['Azul', 'Rosa', 'Concentrado'], variants: [['2L', 'CX 6X2L', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Química Paulista', name: 'Água Sanitária', variants: [['1L', 'CX 12X1L', 'CX', null], ['2L', 'CX 6X2L', 'CX', null], ['5L', 'CX 4X5L', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Química Paulista', name: 'Desinfetante', kinds: ['Lavanda', 'Eucalipto', 'Pinho', 'Floral'], variants: [['500ml', 'CX 12X500ML', 'CX', null], ['2L', 'CX 6X2L', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Química Paulista', name: 'Limpador Multiuso', kinds: ['Original', 'Limão'], variants: [['500ml', 'CX 24X500ML', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Química Paulista', name: 'Álcool Líquido 70%', variants: [['1L', 'CX 12X1L', 'CX', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Esponjas Bauru', name: 'Esponja Dupla Face', variants: [['Pacote com 3', 'FD 20X3UN', 'FD', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Esponjas Bauru', name: 'Lã de Aço', variants: [['Pacote com 8', 'FD 14X8UN', 'FD', null]] },
  { group: 'Limpeza', company: 'Exemplo Alimentos', maker: 'Plásticos Jaú', name: 'Saco de Lixo', kinds: ['30L', '50L', '100L'], variants: [['Rolo', 'FD 10 ROLOS', 'FD', null]] },
  // Higiene pessoal
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Cuidado Diário', name: 'Sabonete', kinds: ['Erva Doce', 'Aveia', 'Glicerina', 'Lavanda'], variants: [['90g', 'CX 12X90G', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Cuidado Diário', name: 'Shampoo', kinds: ['Cabelos Normais', 'Anticaspa', 'Cacheados'], variants: [['350ml', 'CX 12X350ML', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Cuidado Diário', name: 'Condicionador', kinds: ['Cabelos Normais', 'Cacheados'], variants: [['350ml', 'CX 12X350ML', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Sorriso Branco', name: 'Creme Dental', kinds: ['Tradicional', 'Menta', 'Branqueador'], variants: [['90g', 'CX 12X90G', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Sorriso Branco', name: 'Escova Dental', kinds: ['Macia', 'Média'], variants: [['Unidade', 'CX 12UN', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Cuidado Diário', name: 'Desodorante Aerosol', kinds: ['Masculino', 'Feminino'], variants: [['150ml', 'CX 12X150ML', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Papéis Tietê', name: 'Papel Higiênico Folha Dupla', variants: [['Pacote com 4', 'FD 16X4UN', 'FD', null], ['Pacote com 12', 'FD 4X12UN', 'FD', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Papéis Tietê', name: 'Absorvente', kinds: ['com Abas', 'Noturno'], variants: [['Pacote com 8', 'CX 24X8UN', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Sorriso Branco', name: 'Fio Dental', variants: [['50m', 'CX 12UN', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Sorriso Branco', name: 'Enxaguante Bucal', kinds: ['Menta', 'sem Álcool'], variants: [['500ml', 'CX 12X500ML', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Bebê Conforto', name: 'Lenço Umedecido', variants: [['Pacote com 50', 'CX 24 PCT', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Cuidado Diário', name: 'Hastes Flexíveis', variants: [['Caixa com 75', 'CX 24UN', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Cuidado Diário', name: 'Aparelho de Barbear', variants: [['Pacote com 2', 'CX 24 PCT', 'CX', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Bem Cuidar', name: 'Fralda Geriátrica', sizes: ['M', 'G', 'GG'], variants: [['Pacote com 8', 'FD 6 PCT', 'FD', null]] },
  { group: 'Higiene pessoal', company: 'Exemplo Alimentos', maker: 'Bebê Conforto', name: 'Fralda Descartável', sizes: ['P', 'M', 'G', 'GG'], variants: [['Pacote Econômico', 'FD 4 PCT', 'FD', null], ['Pacote Mega', 'FD 2 PCT', 'FD', null]] },
];

/** The 12-digit bodies of the demo EANs: 789 (Brazil), a company code, then the item's number. */
const COMPANY_CODE: Record<Family['company'], string> = { 'Exemplo Alimentos': '4561', 'Exemplo Bebidas': '4562' };
const GROUP_REF: Record<string, string> = {
  Bebidas: 'BEB',
  Mercearia: 'MER',
  'Biscoitos e doces': 'BIS',
  'Frios e laticínios': 'FRI',
  Limpeza: 'LIM',
  'Higiene pessoal': 'HIG',
};

/** Every demo product's input, with the registries' names (resolved to ids when seeding). */
export function demoProducts(): (Omit<ProductCreate, 'unitId' | 'groupId' | 'productCompanyId' | 'sizeId'> & { unit: string; group: string; company: string; size: string | null })[] {
  const out: ReturnType<typeof demoProducts> = [];
  const counters = new Map<string, number>();
  for (const f of FAMILIES) {
    for (const kind of f.kinds ?? ['']) {
      for (const [suffix, pkg, unit, minimum] of f.variants) {
        for (const size of f.sizes ?? [null]) {
          const n = (counters.get(f.group) ?? 0) + 1;
          counters.set(f.group, n);
          const number = out.length + 1;
          const name = [f.name, kind, suffix, size ? `Tamanho ${size}` : ''].filter(Boolean).join(' ');
          out.push({
            ref: `${GROUP_REF[f.group]}${String(n).padStart(4, '0')}`,
            name,
            barcode: withCheckDigit(`789${COMPANY_CODE[f.company]}${String(number).padStart(5, '0')}`),
            maker: f.maker,
            package: pkg,
            unit,
            group: f.group,
            company: f.company,
            size,
            // One in twenty is out of the line; some lines carry a minimum price.
            status: number % 20 === 0 ? 'inactive' : 'active',
            minimumPrice: minimum ? new Decimal(minimum).toFixed(4) : null,
          });
        }
      }
    }
  }
  return out;
}

async function idsOf(def: RegistryDefinition): Promise<Map<string, string>> {
  const page = await Registries.list(def, { limit: 100 });
  return new Map(page.items.map((r) => [String(r.name), r.id]));
}

/**
 * Writes the demo catalogue: each product validated by the same schema as the API, then written in
 * bulk (`ProductsRepository.createMany`: the items each product's create writes, without a
 * transaction per product). A product whose reference or barcode
 * is taken is skipped, so a second run adds nothing.
 */
/** Never raised: the codes taken are left out before the write (a bulk refuses a taken guard outright). */
const taken409 = () => new DomainError('conflict', 'Código já usado.', 'conflict');

export async function seedProducts(options: { every?: number } = {}): Promise<{ created: number; skipped: number }> {
  const [unitIds, groupIds, companyIds, sizeIds] = await Promise.all([idsOf(units), idsOf(productGroups), idsOf(productCompanies), idsOf(sizes)]);
  const unitNames = new Map([...unitIds].map(([name, id]) => [id, name]));
  const id = (map: Map<string, string>, name: string | null, what: string) => {
    if (name === null) return null;
    const found = map.get(name);
    if (!found) throw new Error(`Demo products: ${what} ${name} is not in the demo registries`);
    return found;
  };
  // `every`: one product in so many, across every group and company (a test that needs a catalogue, not the whole demo's).
  const every = options.every ?? 1;
  const inputs = demoProducts().filter((_, i) => i % every === 0).map(({ unit, group, company, size, ...p }) =>
    parseInput(ProductCreate, {
      ...p,
      unitId: id(unitIds, unit, 'unit'),
      groupId: id(groupIds, group, 'group'),
      productCompanyId: id(companyIds, company, 'company'),
      sizeId: id(sizeIds, size, 'size'),
    }),
  );
  const taken = await ProductsRepository.codeOwners(
    inputs.map((p) => p.ref),
    inputs.flatMap((p) => (p.barcode ? [p.barcode] : [])),
  );
  const fresh = inputs.filter((p) => !taken.refs.has(refKey(p.ref)) && !(p.barcode && taken.barcodes.has(p.barcode)));
  const now = timestamp();
  const records: ProductRecord[] = fresh.map((p) => ({ id: newId(), ...p, unitName: unitNames.get(p.unitId) ?? null, createdAt: now, updatedAt: now, version: 1 }));
  if (records.length) await ProductsRepository.createMany(records, { ref: taken409, barcode: taken409 });
  return { created: records.length, skipped: inputs.length - records.length };
}
