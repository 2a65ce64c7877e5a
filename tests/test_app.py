"""The app factory and the start page."""


def test_index_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"companion" in response.data
