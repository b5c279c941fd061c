// English messages of the unit's certificates panel (accounting.certificates).
export default {
  accounting: {
    certificates: {
      title: 'Certificates',
      help: "Each certificate carries a code and a QR anyone can verify; a signed one carries the complex's electronic signature.",
      noUnit: 'The resident has no housing unit assigned.',
      fees: 'Fees certificate',
      noDebt: 'No-debt certificate',
      unsigned: 'Unsigned',
      signed: 'Signed',
      downloadError: 'The certificate could not be generated.',
      issued: 'Certificate issued.',
    },
  },
};
