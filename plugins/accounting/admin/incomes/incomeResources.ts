// The three screens over the API's incomes: all of them, the unidentified ones (no unit yet) and the annulled.
export const INCOMES = 'ingresos';
export const UNIDENTIFIED_INCOMES = 'ingresosNoIdentificados';
export const ANNULLED_INCOMES = 'anulaciones';
