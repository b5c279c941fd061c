// Spanish messages of the residents plugin.
const es = {
  residents: {
    title: 'Residentes',
  },
};

export default es;
