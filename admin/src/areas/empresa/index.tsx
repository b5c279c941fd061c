// /empresa: the company's complexes on the dashboard; its other screens come from plugins.
import type { AreaUi } from '../types.ts';
import EmpresaDashboard from './Dashboard.tsx';

const area: AreaUi = { dashboard: EmpresaDashboard, resources: [], menu: [] };
export default area;
