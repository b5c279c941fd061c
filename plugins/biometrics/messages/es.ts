// Spanish messages of the biometrics plugin.
export default { biometrics: { title: 'Dispositivos Biométricos' } };
