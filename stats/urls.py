from django.urls import path

from stats.views import boss, home

app_name = "stats"

urlpatterns = [
    path("", home.HomeView.as_view(), name="home"),
    path("klammernboss/", boss.BossView.as_view(), name="boss"),
]
