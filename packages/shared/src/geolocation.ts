import { defineTexts } from './texts';

/**
 * The browser's location, as the order entry and the schedulings ask for it (spec section 8,
 * "Geolocation": denied, exception, failed, not supported, permission read error, denied but not
 * required, required by the company). The spec names the cases without their wording: these are
 * ours (docs/texts.md), one set for every module that asks.
 */
export const GeolocationTexts = defineTexts('geolocation', {
  denied: 'O acesso à localização foi negado. Permita a localização para este site nas configurações do navegador e tente de novo.',
  exception: 'Ocorreu um erro inesperado ao obter a localização. Tente de novo.',
  failed: 'Não foi possível obter a localização (sem sinal de GPS ou tempo esgotado). Vá para um lugar aberto e tente de novo.',
  notSupported: 'Este navegador não informa a localização. Use um navegador atualizado ou o celular.',
  permissionReadError: 'Não foi possível verificar a permissão de localização do navegador. Tente de novo.',
  deniedNotRequired: 'Localização não permitida: o registro segue sem ela.',
  unavailableNotRequired: 'Não foi possível obter a localização: o registro segue sem ela.',
  required: 'A empresa exige a localização para continuar. Permita o acesso à localização e tente de novo.',
});
