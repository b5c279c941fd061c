// English messages of the biometrics plugin.
export default { biometrics: { title: 'Biometric devices' } };
