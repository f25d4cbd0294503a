package lsp

func (s *Server) hover(p positionParams) (any, *rpcError) {
	if _, err := s.doc(p.TextDocument.URI); err != nil {
		return nil, err
	}
	return nil, nil
}
func (s *Server) completion(p positionParams) (any, *rpcError) {
	if _, err := s.doc(p.TextDocument.URI); err != nil {
		return nil, err
	}
	return nil, nil
}
func (s *Server) codeActions(p codeActionParams) (any, *rpcError) {
	if _, err := s.doc(p.TextDocument.URI); err != nil {
		return nil, err
	}
	return []CodeAction{}, nil
}
func (s *Server) definition(p positionParams) (any, *rpcError) {
	if _, err := s.doc(p.TextDocument.URI); err != nil {
		return nil, err
	}
	return nil, nil
}
