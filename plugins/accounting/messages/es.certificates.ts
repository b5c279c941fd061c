// Spanish messages of the unit's certificates panel (accounting.certificates): resident detail and resident area.
export default {
  accounting: {
    certificates: {
      title: 'Certificados',
      help: 'Cada certificado lleva un código y un QR que cualquiera puede verificar; firmado, lleva la firma electrónica del conjunto.',
      noUnit: 'El residente no tiene una unidad habitacional asignada.',
      fees: 'Certificado de expensas',
      noDebt: 'Certificado de no adeudar',
      unsigned: 'Sin firma',
      signed: 'Firmado',
      downloadError: 'No se pudo generar el certificado.',
      issued: 'Certificado emitido.',
    },
  },
};
