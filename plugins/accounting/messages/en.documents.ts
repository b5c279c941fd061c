export default { resources: {}, accounting: {} };
