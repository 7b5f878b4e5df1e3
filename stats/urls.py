from django.urls import path

from stats.views import home

app_name = "stats"

urlpatterns = [
    path("", home.HomeView.as_view(), name="home"),
]
