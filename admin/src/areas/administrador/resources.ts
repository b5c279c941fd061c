/** The resource of the complex itself; the dataProvider maps it to /api/complexes/<id>. */
export const CURRENT_COMPLEX = 'conjuntoActual';
