// The drawer (256 wide, from the theme): the area's entries, then those of the plugins the role may use
// and the complex has switched on.
import { createElement } from 'react';
import { Menu } from 'react-admin';
import { areaPath, useArea } from '../areas/AreaContext.ts';

export function ShellMenu() {
  const { area, menu } = useArea();
  return (
    <Menu>
      {menu.map((entry) => (
        <Menu.Item
          key={entry.to}
          to={areaPath(area, entry.to)}
          primaryText={entry.labelKey}
          leftIcon={entry.icon ? createElement(entry.icon) : undefined}
        />
      ))}
    </Menu>
  );
}
