// Which servers' tools the model is offered (the rule is shared with the window's prompt picker).
export { offersCatalogue as offersTools } from '../../shared/offered';
