// guardia, parkey, directiva, puntoVenta: a dashboard; their screens are plugins.
import type { AreaUi } from '../types.ts';
import BasicDashboard from './Dashboard.tsx';

const area: AreaUi = { dashboard: BasicDashboard, resources: [], menu: [] };
export default area;
